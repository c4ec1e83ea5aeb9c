-- Binding a module with a module type ascription.
module type stack_like = {
  type stack
  val empty : stack
  val push : i32 -> stack -> stack
}
module list_stack : stack_like = {
  type stack = []i32
  def empty : stack = []
  def push (x: i32) (s: stack) : stack = [x] ++ s
}
