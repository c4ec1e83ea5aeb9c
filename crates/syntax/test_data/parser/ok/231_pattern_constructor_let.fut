-- Single-constructor sum types can be destructured in let and params.
type wrapped = #wrap i32
type pair = #pair f32 f32
def unwrap (w: wrapped) = let #wrap n = w in n
def first (p: pair) = match p case #pair a _ -> a
def bare_constructor (#unit: #unit) = 0
