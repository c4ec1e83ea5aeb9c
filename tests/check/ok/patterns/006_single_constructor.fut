-- A constructor pattern is irrefutable when the sum has one constructor.
-- ==
type wrapped = #wrap i32
def unwrap (w: wrapped) = let #wrap x = w in x
def unwrap2 ((#wrap x): wrapped) = x + 1
