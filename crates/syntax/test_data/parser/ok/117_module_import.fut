-- Binding an imported file to a module name.
module util = import "util"
module linalg = import "lib/github.com/example/linalg/linalg"
module sorting : { val sort [n] : [n]i32 -> [n]i32 } = import "sorting"
def z = util.zero
