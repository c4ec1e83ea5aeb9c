-- functor parameter without a module type
module make (P) = { def x = P.y }

def after = 47
