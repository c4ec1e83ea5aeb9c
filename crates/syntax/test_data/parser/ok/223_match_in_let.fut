-- match expressions as bound values and in parentheses.
type opt = #yes i32 | #no
def unwrap_or (o: opt) (d: i32) =
  let v = match o
          case #yes x -> x
          case #no -> d
  in v * 2
def inline (o: opt) = (match o case #yes x -> x case #no -> 0) + 1
