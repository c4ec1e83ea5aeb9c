-- Triples produced by zip3 and consumed by unzip3.
-- ==
def xs = zip3 [1i32, 2] [true, false] [1.5f32, 2.5]
def cs = let (_, _, cs) = unzip3 xs in cs
def n = length cs
