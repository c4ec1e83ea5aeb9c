-- Module specs inside a module type.
module type has_num = {
  type t
  val one : t
}
module type outer = {
  module num : has_num
  module inline : { val flag : bool }
  val combine : num.t -> num.t
}
