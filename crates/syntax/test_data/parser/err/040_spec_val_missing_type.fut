-- value spec missing its type after ':'
module type s = {
  val x :
  val y : i32
}

def after = 40
