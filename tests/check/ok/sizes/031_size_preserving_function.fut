-- A function that keeps its argument's size fits `t -> t`, and one that
-- changes it fits when the result type is a different type variable.
-- ==
def twice 't (g: t -> t) (v: t) = g (g v)

def once 't 'u (g: t -> u) (v: t) = g v

def main (ys: []f32) =
  (twice (\zs -> map (* 2f32) zs) ys, once (\zs -> zs ++ [0f32]) ys)
