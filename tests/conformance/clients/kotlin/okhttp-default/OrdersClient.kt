import java.io.IOException
import java.util.concurrent.TimeUnit
import okhttp3.OkHttpClient
import okhttp3.Request

val ORDERS_URL: String = System.getenv("ORDERS_URL") ?: "http://orders:8080/orders"

fun main() {
    val client = OkHttpClient.Builder()
        .connectTimeout(1, TimeUnit.SECONDS)
        .readTimeout(1, TimeUnit.SECONDS)
        .build()
    val request = Request.Builder().url(ORDERS_URL).build()
    try {
        client.newCall(request).execute().use { response -> println(response.code()) }
    } catch (error: IOException) {
        println(error.javaClass.simpleName)
    }
    client.dispatcher().executorService().shutdown()
    client.connectionPool().evictAll()
}
