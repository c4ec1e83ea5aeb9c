-- Literal patterns are syntactically allowed as parameters.
def always_true true = 1
def unit_only () = 2
def zero_case (x: i32) = match x case 0 -> 'z' case 1i32 -> 'o' case _ -> 'x'
def char_param 'a' = 3
