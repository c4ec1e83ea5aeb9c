-- Fully lifted type abbreviations may contain functions.
type^ unary = i32 -> i32
type^ binary 'a = a -> a -> a
type^ with_callback = {value: f32, on_change: f32 -> f32}
def twice (f: unary) : unary = \x -> f (f x)
