-- Slices with all three components and stride-only slices.
def every_other (xs: []f32) = xs[::2]
def window (xs: []f32) (i: i64) (j: i64) (s: i64) = xs[i:j:s]
def from_stride (xs: []f32) = xs[1::3]
def to_stride (xs: []f32) = xs[:10:2]
