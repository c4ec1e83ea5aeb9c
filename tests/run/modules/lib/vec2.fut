-- A helper library imported by modules/imports.fut (it has no tests itself).
-- ==
-- tags { disable }

module vec2 = {
  type t = {x: f64, y: f64}
  def add (a: t) (b: t) : t = {x = a.x + b.x, y = a.y + b.y}
  def scale (k: f64) (a: t) : t = {x = k * a.x, y = k * a.y}
  def dot (a: t) (b: t) = a.x * b.x + a.y * b.y
}

def norm2 (a: vec2.t) = vec2.dot a a
