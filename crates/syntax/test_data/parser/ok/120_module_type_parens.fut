-- Parenthesised module types and module expressions.
module type sig_a = { val a : i32 }
module type wrapped = (sig_a)
module type double_wrapped = ((sig_a))
module impl = ({ def a = 1i32 })
module ascribed : (sig_a) = impl
