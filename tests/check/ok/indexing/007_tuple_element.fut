-- Projecting a component of an indexed tuple.
-- ==
def snd_at [n] (ps: [n](i32, f32)) (i: i64) : f32 = (ps[i]).1
def fst_at [n] (ps: [n](i32, f32)) (i: i64) = let (a, _) = ps[i] in a
