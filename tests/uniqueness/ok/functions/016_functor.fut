-- Uniqueness through a parametric module.
-- ==

module type elem = { type t val zero : t }

module buffer (E: elem) = {
  def clear [n] (xs: *[n]E.t) : *[n]E.t = map (\_ -> E.zero) xs
  def set [n] (xs: *[n]E.t) (i: i64) (x: E.t) : *[n]E.t = xs with [i] = x
}

module b = buffer { type t = f32 def zero = 0f32 }

def main (xs: *[]f32) : []f32 = b.set (b.clear xs) 0 1
