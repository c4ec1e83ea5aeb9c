-- A record with a field of sum type.
-- ==
type token = {kind: #num | #op, value: i32}
def plus : token = {kind = #op, value = 43}
def is_num (t: token) = t.kind == #num
