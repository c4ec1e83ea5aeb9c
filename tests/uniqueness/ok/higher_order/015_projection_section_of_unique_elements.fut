-- A projection section has no written parameter type: it consumes nothing,
-- even where the element type it is applied to is unique.
-- ==

def first_of_each 't 'k [n] (key: t -> k) (xs: [n]t) : [n]k =
  map key xs

def main (n: i64) =
  let rows = replicate n (replicate 3 1u8)
  let weights = replicate n 0.5f32
  in first_of_each (.0) (zip rows weights)
