-- unterminated string literal inside a module, followed by valid code
module texts = {
  def hello = "hi there
  def bye = "goodbye"
}

def after = 58
