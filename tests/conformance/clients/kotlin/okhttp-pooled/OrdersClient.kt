import java.io.IOException
import java.util.concurrent.TimeUnit
import okhttp3.OkHttpClient
import okhttp3.Request

val ORDERS_URL: String = System.getenv("ORDERS_URL") ?: "http://orders:8080/orders"

fun fetch(client: OkHttpClient, request: Request): String =
    try {
        client.newCall(request).execute().use { response ->
            "${response.code()} ${response.body()?.string()}"
        }
    } catch (error: IOException) {
        error.javaClass.simpleName
    }

fun main() {
    val client = OkHttpClient.Builder()
        .connectTimeout(1, TimeUnit.SECONDS)
        .readTimeout(1, TimeUnit.SECONDS)
        .build()
    val request = Request.Builder().url(ORDERS_URL).build()
    // The first call leaves its connection in the pool; the second reuses it.
    println(fetch(client, request))
    println(fetch(client, request))
    client.dispatcher().executorService().shutdown()
    client.connectionPool().evictAll()
}
