-- Consuming a case's binding consumes the scrutinee.
-- ==
-- error: Using variable "v", but this was consumed

type^ t = #one (*[]i32) | #two (*[]i32)

def main (v: *t) : t =
  let n = match v
          case #one xs -> (xs with [0] = 0)[0]
          case #two xs -> xs[0]
  in v
