-- Ascription inside a module expression.
module type counter = { type t val start : t }
module hidden = { type t = i32 def start : t = 0 } : counter
module via_parens = (hidden : counter)
module type has_size = { val size : i64 }
module fixed = ({ def size = 8i64 } : has_size)
