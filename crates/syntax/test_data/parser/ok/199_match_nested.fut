-- Nested constructor patterns and nested matches.
type option 'a = #some a | #none
type expr = #lit i32 | #neg (option i32) | #pair (i32, i32)
def eval (e: expr) : i32 =
  match e
  case #lit n -> n
  case #neg (#some n) -> -n
  case #neg #none -> 0
  case #pair (a, b) ->
    (match a
     case 0 -> b
     case _ -> a + b)
