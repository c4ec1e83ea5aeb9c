-- An attribute on a declaration.
#[inline]
def fast_add (a: i32) (b: i32) = a + b

#[inline] def on_same_line (x: f32) = x * x
