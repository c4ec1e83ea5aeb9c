-- Applying types that live inside modules.
module containers = {
  type pair 'a = (a, a)
  type vec [n] 't = [n]t
  type option 'a = #some a | #none
}
def p : containers.pair i32 = (1, 2)
def v : containers.vec [3] f32 = [1, 2, 3]
def o : containers.option (containers.pair bool) = #some (true, false)
def anon (x: containers.vec [] u8) = length x
