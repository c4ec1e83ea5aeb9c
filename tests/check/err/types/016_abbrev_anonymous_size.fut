-- A plain type abbreviation cannot hide an array size: every use of
-- `samples` could have a different length.
-- ==
-- error: add size parameters to "samples"
type samples = {rate: f32, data: []f32}

def total (s: samples) = f32.sum s.data
