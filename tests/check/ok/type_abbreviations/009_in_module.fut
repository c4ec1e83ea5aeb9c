-- A type abbreviation inside a module, referenced with a qualified name.
-- ==
module geo = {
  type angle = f32
  def right : angle = f32.pi / 2
}
def half (a: geo.angle) : geo.angle = a / 2
def r = half geo.right
