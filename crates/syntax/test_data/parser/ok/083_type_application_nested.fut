-- Nested type applications and parenthesised arguments.
type option 'a = #some a | #none
type pair 'a 'b = (a, b)
type nested = pair (option i32) (option (pair f32 bool))
type arr_arg = option ([4]u8)
type sized [n] 't = [n]t
type inner = sized [2] (sized [3] i32)
