-- module type whose spec list is never closed
module type incomplete = {
  type t
  val make : i32 -> t

def after = 18
