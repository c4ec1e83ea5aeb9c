-- Two definitions of one name in the same module body.
-- ==
-- error: Duplicate definition of value "limit"
module settings = {
  def limit : i32 = 10
  def limit : i32 = 20
}
