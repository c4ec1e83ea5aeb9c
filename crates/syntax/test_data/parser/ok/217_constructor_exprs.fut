-- Constructor expressions in various positions.
type option 'a = #some a | #none
def some_one : option i32 = #some 1
def nothing : option i32 = #none
def in_array : [2](option f32) = [#some 1.5, #none]
def in_if (b: bool) : option bool = if b then #some true else #none
def from_expr (x: i32) : option i32 = #some (x * 2)
