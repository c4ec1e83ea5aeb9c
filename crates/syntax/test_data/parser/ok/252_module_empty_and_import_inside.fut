-- Empty modules and declarations of every kind inside a module.
module nothing = {}
module type nothing_sig = {}
module everything = {
  import "sibling"
  open nothing
  local def hidden = 1
  type t = i32
  module type s = { val v : t }
  module sub : s = { def v : t = hidden }
  #[inline] def visible = sub.v
}
