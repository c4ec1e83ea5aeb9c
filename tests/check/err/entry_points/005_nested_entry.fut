-- Entry points live at the top level.
-- ==
-- error: Entry points may not be declared inside modules
module inner = {
  entry twice (x: i32) = x * 2
}
