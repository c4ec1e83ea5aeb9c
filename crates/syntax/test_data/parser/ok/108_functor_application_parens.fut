-- Functor applications with parenthesised arguments and curried functors.
module type s = { val x : i32 }
module a = { def x = 1i32 }
module b = { def x = 2i32 }
module sum2 (P: s) (Q: s) = { def x = P.x + Q.x }
module ab = sum2 (a) (b)
module ab2 = sum2 a b
module nested = sum2 (sum2 a b) (b)
module partial = (sum2 a)
