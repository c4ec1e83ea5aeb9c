-- An if-expression returning a tuple that holds a function.
-- ==
-- error: If-expression returns type(.|\n)*if-results may not be of function type
def choose (flag: bool) =
  let chosen = if flag then (1i64, \(v: i64) -> v * 2) else (2i64, \(v: i64) -> v + 7)
  in chosen.1 chosen.0
