-- A polymorphic option type, nested patterns with literals, tuples and
-- wildcards inside constructors, matching on integer literals (including
-- negative ones) and on tuples of booleans.
-- ==
-- entry: main
-- input { 7i32 2i32 }
-- output { 3i32 }
-- input { 7i32 0i32 }
-- output { -1i32 }
-- input { -7i32 2i32 }
-- output { -4i32 }

-- ==
-- entry: cls
-- input { 0i32 false true }
-- output { 100i32 }
-- input { 5i32 true true }
-- output { 5i32 }
-- input { 5i32 false true }
-- output { -5i32 }
-- input { 5i32 false false }
-- output { 0i32 }

-- ==
-- entry: literals
-- input { 0i32 }
-- output { [122u8, 101u8, 114u8, 111u8] }
-- input { 1i32 }
-- output { [111u8, 110u8, 101u8] }
-- input { -1i32 }
-- output { [109u8, 105u8, 110u8, 117u8, 115u8] }
-- input { 42i32 }
-- output { [109u8, 97u8, 110u8, 121u8] }

-- ==
-- entry: tuple_match
-- input { 1i32 5i32 }
-- output { 4i32 }
-- input { 3i32 3i32 }
-- output { 0i32 }
-- input { 9i32 2i32 }
-- output { 7i32 }

type opt 'a = #some a | #none

def get_or 'a (d: a) (o: opt a) = match o case #some x -> x case #none -> d

def safe_div (a: i32) (b: i32) : opt i32 = if b == 0 then #none else #some (a / b)

-- Nested patterns with literals and tuples inside constructors.
def classify (o: opt (i32, bool)) : i32 =
  match o
  case #some (0, _) -> 100
  case #some (x, true) -> x
  case #some (x, false) -> -x
  case #none -> 0

def main (a: i32) (b: i32) = get_or (-1) (safe_div a b)

entry cls (x: i32) (b: bool) (present: bool) = classify (if present then #some (x, b) else #none)

entry literals (x: i32) =
  match x
  case 0 -> "zero"
  case 1 -> "one"
  case -1 -> "minus"
  case _ -> "many"

entry tuple_match (x: i32) (y: i32) =
  match (x < y, x == y)
  case (true, _) -> y - x
  case (_, true) -> 0
  case (false, false) -> x - y
