-- Unique components of a result may not alias each other.
-- ==
-- error: A unique-typed component of the return value is aliased to some other component

def two_buffers (n: i64) : (*[]f32, *[]f32) =
  let zeros = replicate n 0f32
  in (zeros, zeros)
