-- Inside a module, a record is ascribed with a different field type.
-- ==
-- error: Expression does not have expected type
module m = {
  def r = ({a = 1i64} : {a: bool})
}
