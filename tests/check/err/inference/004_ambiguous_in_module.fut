-- A module function projects a field of an unannotated parameter.
-- ==
-- error: Type is ambiguous
module m = {
  def get_pos r = r.pos
}
