-- A type ascription does not make a value unique.
-- ==
-- error: Unique-typed return value is aliased to "samples", which is not consumable

def scale (factor: f32) (samples: []f32) : *[]f32 =
  if factor == 1 then (samples : *[]f32) else map (* factor) samples
