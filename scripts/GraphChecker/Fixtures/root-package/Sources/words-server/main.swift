import ApiClientLive
import ServerConfig

print("words")
