-- Opening the functor argument inside the functor body.
-- ==
module type cfg = { val width : i64 val fill : u8 }
module canvas (C: cfg) = {
  open C
  def blank : [width]u8 = replicate width fill
}
module small = canvas { def width = 4i64 def fill = 32u8 }
def b = small.blank
