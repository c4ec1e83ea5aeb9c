-- What a function parameter returns may alias anything.
-- ==
-- error: Consuming variable "gen", which is not consumable

def refine (gen: i64 -> []f32) (n: i64) : f32 =
  let samples = gen n
  let samples[0] = 1
  in f32.sum samples
