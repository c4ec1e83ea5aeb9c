-- Debugging attributes on expressions.
def traced (x: i32) = #[trace] x * 2
def tagged (x: i32) = #[trace(checkpoint)] x + 1
def breaking (xs: []f32) = #[break] f32.sum xs
def in_let (x: i32) = let y = #[trace] x in y
