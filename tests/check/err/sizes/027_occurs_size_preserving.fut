-- A function of type `t -> t` keeps its argument's size: one that appends
-- to its argument cannot be given for it.
-- ==
-- error: Occurs check
def twice 't (g: t -> t) (v: t) = g (g v)

def main (ys: []f32) = twice (\zs -> zs ++ [0f32]) ys
