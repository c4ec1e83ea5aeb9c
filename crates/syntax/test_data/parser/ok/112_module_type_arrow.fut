-- Module types for parametric modules, using anonymous arrows.
module type input = { type t }
module type output = { val size : i64 }
module type transformer = input -> output
module type curried = input -> input -> output
module type grouped = (input -> output) -> output
