-- module binding missing '=' before the module expression
module m { def x = 1 }

def after = 38
