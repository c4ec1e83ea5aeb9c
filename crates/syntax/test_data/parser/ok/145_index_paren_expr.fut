-- Indexing parenthesised expressions and results of calls.
def from_call (n: i64) = (iota n)[0]
def from_pair (p: ([]i32, []i32)) = (p.0)[1]
def slice_of_concat (a: []i32) (b: []i32) = (a ++ b)[1:3]
def double_index (m: [][]i32) = (m[0])[1]
