-- A parametric module (functor).
module type monoid = {
  type t
  val op : t -> t -> t
  val ne : t
}
module reducer (M: monoid) = {
  def total (xs: []M.t) : M.t = reduce M.op M.ne xs
}
module reducer_sig (M: monoid) : { val total [n] : [n]M.t -> M.t } = {
  def total (xs: []M.t) = reduce M.op M.ne xs
}
