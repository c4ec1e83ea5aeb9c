-- A module member uses an array as an if-condition.
-- ==
-- error: Condition of if-expression must be a bool
module m = {
  def pick (bs: [2]bool) (a: i32) (b: i32) = if bs then a else b
}
