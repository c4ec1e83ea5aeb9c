-- Local open of a nested, qualified module.
module lib = {
  module ints = {
    def double (x: i32) = x + x
    def ten = 10i32
  }
}
def twenty = lib.ints.(double ten)
def sum3 = lib.ints.(double 1 + double 2 + ten)
