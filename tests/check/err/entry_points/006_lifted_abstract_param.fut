-- A lifted abstract type may hide a function, so no entry point may take it.
-- ==
-- error: Entry point functions may not be higher-order
module cb : { type^ handler val run : handler -> i32 -> i32 } = {
  type^ handler = i32 -> i32
  def run (h: handler) (x: i32) = h x
}
entry apply_it (h: cb.handler) = cb.run h 1
