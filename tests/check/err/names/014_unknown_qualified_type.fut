-- A qualified type refers to a type the module does not define.
-- ==
-- error: Unknown type "geo.point"
module geo = {
  type angle = f32
}
def f (p: geo.point) = p
